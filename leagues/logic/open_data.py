"""The licence of the platform's open data (the meta across events: page, CSV and API).

The figures are counts over public events' results, which anyone may already read on the
events' pages; they are published under Creative Commons Attribution 4.0 International, so a
community tool may copy and rework them provided it credits the source (docs/meta.md).
"""

OPEN_DATA_LICENCE = {
    "name": "CC BY 4.0",
    "url": "https://creativecommons.org/licenses/by/4.0/",
    "attribution": "Eye for an Eye tournaments, the meta across public events",
}
