"""The project's decisions where the rulebooks are silent or leave a choice: one list, shown on the
organisers' "Rules decisions" page and kept word for word in docs/engine.md (a test compares).

The rulebooks send tournament organisers to a "Living Tournament rules" document (seed 000,
"Tournaments"; seed 001), which is not available to this project; these decisions stand in for
it. Each names the rulebook place it rests on and the organiser setting that changes it, if any.
Every sentence is marked for translation (``_`` is ``gettext_noop``); the page translates them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.messages import gettext_noop as _


@dataclass(frozen=True)
class Decision:
    """One project decision: what the platform does, what it rests on, how to change it."""

    decision: str
    rests_on: str
    setting: str


# fmt: off
DECISIONS: tuple[Decision, ...] = (
    Decision(
        _("Equal scores in one game share the better place and its points; the next side takes "
          "the place after them (1st, 1st, 3rd)"),
        _("000/001 scoring: places by adjusted score; ties not covered"),
        _("Equal scores in one game (tie policy: shared, average, play-off)"),
    ),
    Decision(
        _("5-6 side games have no points table until the organiser gives one"),
        _('000: 5-6 players "for experienced players"; tables only for 2-4'),
        _("Points table (API: points_table)"),
    ),
    Decision(
        _("A VP-mode event sums each game's VP (the final's three games too); Health Tokens "
          "left break ties; a game still ranks its sides by VP, then Health Tokens left"),
        _("000 VP modes: most VP wins; a tied series goes to the most Health Tokens left"),
        _("VP modes: a game adds to the total (sum of VP, or points by place)"),
    ),
    Decision(
        _("Standings tiebreakers follow the game mode: battles Victory Cup tokens, VP modes VP "
          "and Health Tokens left, then strength of schedule and first places"),
        _("000/001 tournament: points add up over the rounds; ties not covered"),
        _("Tiebreakers (API: tiebreakers; [] follows the mode)"),
    ),
    Decision(
        _("Default pairing is random; Swiss is an option"),
        _("001 tournament: five rounds against randomly determined opponents"),
        _("Pairing"),
    ),
    Decision(
        _("An odd number of teams gives one team a bye (scored as a win) unless the organiser "
          "opts in to one 2v2v2 game"),
        _('001 tournament: 2v2 or 3v3, "2v2v2 if you want"'),
        _("Alliances: play one 2v2v2 game rather than give a bye; bye scores as a win"),
    ),
    Decision(
        _("Teams of different sizes may meet (2v3) unless the organiser asks for equal sizes; "
          "then each size is paired on its own and an odd size gives its own bye"),
        _("001 tournament: 2v2 or 3v3 Alliance games; 000 allows odd-sized teams"),
        _("Alliances: teams meet only teams of their own size"),
    ),
    Decision(
        _("Every player starts on a dealt Ceremonial Flower, all different at the table (a 3v3 "
          "uses all six); Domination tables get none"),
        _("000 set-up: starting areas on the flowers; Domination starts next to the centre"),
        _("none"),
    ),
    Decision(
        _("An elimination group plays one game; a tie on the line that decides who goes on is "
          "settled by one more game among the tied sides (or a recorded seeded draw)"),
        _("001 tournament: set groups 1-5-12-16 ...; a tied series is played off"),
        _("A tie at the cut line is settled by (game or seeded draw)"),
    ),
    Decision(
        _("Smaller events scale the cut: 16+ players top 16, 8-15 top 8, 4-7 a final of 4 "
          "(teams: 8, 4, 2)"),
        _("001 tournament: top 16 players or top 8 teams"),
        _("Cut size"),
    ),
    Decision(
        _("True ties in the standings keep entrant order (by number), or a seeded draw"),
        _("not covered"),
        _("none"),
    ),
    Decision(
        _("When two players at a table want the same chief, the seat order (rotated over the "
          "rounds, or a seeded draw) decides: seat 1 chooses first; the chiefs played are counted "
          "per event"),
        _("000: one figure of each chief; who takes a contested one is not covered"),
        _("Rotate the seat order over the rounds"),
    ),
    Decision(
        _("Healing never raises a character above its starting health"),
        _("000: heal +1 Health Token from the common supply; no upper limit given"),
        _("none"),
    ),
    Decision(
        _("No count exceeds what the box holds (90 Health Tokens, 6 Nymphlets); where the rules "
          "give no bound, a generous one (VP scored 100 a game, Tsukuyumi 200 VP)"),
        _("000 components list; 004 scoring"),
        _("none"),
    ),
    Decision(
        _("In realtime Domination the round clock makes the Burraparay calls: at seeded moments "
          "45-90 seconds apart, each naming the flower that scores (a shuffled deck of the six, "
          "reshuffled when used up); King of the Hill is called from its scoring card"),
        _("000 Domination: the soundtrack calls Burraparay, the flower deck sets the colour; "
          "King of the Hill: the card is filled during play; the soundtracks are not included"),
        _("Scoring calls on the round clock; shortest and longest gap between clock calls"),
    ),
    Decision(
        _("A report made by a player counts once every other side at the table confirms it; an "
          "event may accept it on one confirmation, the other sides keeping a dispute window "
          "(10 minutes)"),
        _("not covered: the rulebooks leave reporting results to the tournament rules"),
        _("A report made by a player is accepted when; with one confirmation: minutes left to "
          "dispute"),
    ),
    Decision(
        _("A round's clock runs at most two hours a game, eight for Tsukuyumi"),
        _("000: a five-minute game; 004: a game runs four hours and more"),
        _("Game length (seconds)"),
    ),
    Decision(
        _("Tsukuyumi's two-player game is its own mode; a VP tie goes to the initiative order"),
        _("004 two-player rules: three rounds, VP only from victory cards; no tie rule given"),
        _("Game and mode"),
    ),
    Decision(
        _("A two-player mode pairs its rounds two a game; an odd count gives one player a bye, "
          "scored as the Alliances bye (a two-side win); the preferred game size does not apply"),
        _("004: the two-player game seats exactly two; the rulebook gives no tournament"),
        _("A bye scores as a win"),
    ),
    Decision(
        _("A two-player mode's elimination is the Alliances bracket played by players: 1 v 8, "
          "2 v 7, 3 v 6, 4 v 5, then AD and BC, then a three-game final of two; 8 or more "
          "qualified play a top 8, 4-7 a top 4, 2-3 a final of two"),
        _("000/001 Alliances elimination; 004 gives no tournament"),
        _("Cut size"),
    ),
    Decision(
        _("An event follows its mode's own limits: team sizes, sides a game and players a table "
          "(King of the Hill (Alliance): teams of two, two teams a game, no 2v2v2); settings or "
          "registered sides the mode cannot play are refused, saying which and why"),
        _("000: King of the Hill is for 2-4 players; Alliances teams of 2-3, 2v2v2 optional"),
        _("Game and mode; Alliances: play one 2v2v2 game; Cut size"),
    ),
    Decision(
        _("A Tsukuyumi table of two plays the two-player game in either mode: VP only from the "
          "victory cards (a report naming another source is refused) and three rounds; the rounds "
          "option is for tables of three or more, and the two-player mode refuses any but 3"),
        _("004 p.24: two players use the two-player cards; three rounds; goals, missions, moon "
          "centre, areas and the rest give no VP unless a victory card says so"),
        _("Game and mode; Tsukuyumi option: rounds"),
    ),
    Decision(
        _("Tsukuyumi mission VP are bounded by the missions in play: one per faction at the table, "
          "three more with the Oni missions module"),
        _("004: each faction brings one public mission, 1 VP once to each player who completes "
          "it; the Oni missions module adds three"),
        _("Tsukuyumi option: oni_missions"),
    ),
    Decision(
        _("In Domination and King of the Hill a knocked-out character loses 5 VP once and keeps "
          "the VP it scored; it scores at no later call and no longer counts among the characters "
          "outside the scoring spaces"),
        _("000: killed, lose 5 VP; a call scores figures on the board, 1 VP plus 1 per other "
          "player not in a scoring space"),
        _("none"),
    ),
    Decision(
        _("Each Domination table turns its own flower deck: the clock calls the whole hall at the "
          "same moments, each table scores the card of its own seeded shuffle (shown on the "
          "table's phone; the projector names no colour), and a live scoring must name the colour "
          "the last call scored at that table"),
        _("000 Domination: each game shuffles its Ceremonial Flower deck at set-up and turns the "
          "next card at each call"),
        _("Scoring calls on the round clock"),
    ),
    Decision(
        _("A VP-mode final tied on its total goes to the most Health Tokens left at the end of its "
          "last game (not summed over its games); only a tie on those too plays one more game"),
        _("000 VP modes: a series still tied after its last game goes to the most Health Tokens "
          "left"),
        _("none"),
    ),
    Decision(
        _("In an event that sums VP a bye is worth 0 VP and counts as a bye, not a game: no game "
          "is played, so no VP are scored (a win's 4 points by place are not VP)"),
        _("000 VP modes: a series totals the VP scored; byes not covered"),
        _("Alliances: play one 2v2v2 game rather than give a bye; VP modes: a game adds to the "
          "total (points by place scores a bye as a win)"),
    ),
    Decision(
        _("With equal team sizes the cut takes the teams of one size: the size with the most "
          "teams left (equal counts: the size of the best-placed team); the other teams finish in "
          "their Swiss order, and no elimination game or final seats 2v3. With no size of two "
          "teams the cut is refused with a message"),
        _("001 tournament: top 8 teams, 1 v 8 ... down to a final of two; 000 Alliances: 2v2 and "
          "3v3 games"),
        _("Alliances: teams meet only teams of their own size; Cut size"),
    ),
    Decision(
        _("A tie on the cut line that one game of the mode cannot seat (more sides than its "
          "points tables cover, or more players than it holds: seven players, or teams of 3, 3 "
          "and 2) is settled by the seeded draw, recorded in the audit log, even where the "
          "organiser chose a tie-break game; the console says so"),
        _("001 tournament: a tied series is played off by the tied sides in one more game; "
          "000/001: one game seats 2-4 sides (5-6 for experienced players) and six players"),
        _("A tie at the cut line is settled by (game or seeded draw); Points table"),
    ),
    Decision(
        _("Seat order rotates over the Swiss rounds: seat 1 of a table goes to the side that has "
          "sat first least often, seat 2 to the side (of the others) that has sat second least "
          "often, and so on; on equal counts the evener spread of each side's seats, then the "
          "drawn order"),
        _("000/001: players choose their characters in seat order; seating over a tournament not "
          "covered"),
        _("Rotate the seat order over the rounds (on by default)"),
    ),
    Decision(
        _("Clubmates (players of one club; teams sharing a club) sit at different tables in round "
          "1 wherever the field allows, and in later rounds only where it costs no repeat "
          "opponent and (Swiss) no wider points spread; on by default, as at a convention clubs "
          "travel together, and an event without clubs entered is paired as before"),
        _("not covered: the rulebooks leave pairing to the tournament rules"),
        _("Keep clubmates apart"),
    ),
    Decision(
        _("Players register themselves only where the organiser turned it on, and only until "
          "round 1 is paired; a place is any side in the field not dropped, however it was "
          "entered; with review on a registration holds no place until it is accepted (a full "
          "event then waitlists it in its order of arrival), and anyone the event's rule lets "
          "register may ask"),
        _("not covered: the rulebooks say nothing of entering a tournament"),
        _("Registration: players register themselves, capacity, waitlist, review"),
    ),
    Decision(
        _("When a place comes free before round 1, the first waitlisted player (by arrival, or "
          "the organiser's reordering) takes it at once, in the same transaction, and is told by "
          "e-mail and push; after round 1 is paired a withdrawal is a drop and no place is given "
          "again (late entries are the organiser's)"),
        _("not covered"),
        _("Registration: waitlist (on by default); the organiser may promote or reorder"),
    ),
    Decision(
        _("A player who withdraws before round 1 leaves the field as a dropped entrant (their "
          "private link says so, the trail keeps them); registering again brings the same "
          "entrant back, at the back of the queue"),
        _("not covered"),
        _("none"),
    ),
    Decision(
        _("Members of an organisation, for an event open to members only, are its staff and the "
          "players who played in one of its earlier events; the entry code is compared ignoring "
          "case and spaces, in time that tells nothing of how close a guess was"),
        _("not covered"),
        _("Registration: who may register (anyone signed in, code holders, members)"),
    ),
    Decision(
        _("The public list of entrants names only the players who agreed to it (a self-registered "
          "player's choice, or the organiser's tick that the player agreed) and counts the rest; "
          "pairings, tables and standings name every side, since the event cannot run without "
          "them"),
        _("not covered"),
        _("Agreed to be listed (per player)"),
    ),
    Decision(
        _("A player may change their answers to the organiser's questions until the organiser's "
          "answers deadline, and at the latest until round 1 is paired; the questions freeze "
          "with them. Before then a question someone answered keeps its kind and every choice "
          "a player picked, and removing a question removes its answers"),
        _("not covered: the rulebooks say nothing of entering a tournament"),
        _("Registration questions: answers can be changed until"),
    ),
    Decision(
        _("Once round 1 is paired the field may read the answers, but only to the questions the "
          "organiser marks as shown to the field and only of the registered players who agreed "
          "to be listed"),
        _("not covered"),
        _("Registration questions: show the answers to the field once round 1 is paired"),
    ),
    Decision(
        _("A late entry (a side that joins once round 1 is paired, so has no table yet) is paired "
          "only once checked in; until then each round's pairing leaves it out and names it, on "
          "the close-and-pair page and in the generation's message. Before round 1 everyone not "
          "dropped is paired; the desk can drop everyone not checked in in one action first"),
        _("001/000 tournament: rounds against randomly determined opponents; late arrivals not "
          "covered"),
        _("None: check the late entry in at the desk"),
    ),
    Decision(
        _("A player may drop out from their own private link while the Swiss rounds are on; it "
          "counts from the next pairing (a round in progress keeps their table and result), and "
          "they may undo it until the next round is paired. Any other drop (the organisers', or "
          "a withdrawn registration) only the organisers can undo"),
        _("001/000 tournament: five rounds, points add up; leaving early not covered"),
        _("None: the organiser can drop or reinstate anyone from the players list"),
    ),
    Decision(
        _("Players may check themselves in, with one tap on their private link or with the code "
          "shown at the venue, only while registration is open (round 1 not paired); afterwards "
          "the desk checks them in"),
        _("not covered: the rulebooks leave attendance to the organiser"),
        _("Open registration; Replace the code (players list)"),
    ),
    Decision(
        _('In the meta across events a chief "wins" a game when its side placed first, a '
          "shared first place included; each chief of a team counts the team's place; only "
          "public events' accepted games of finished rounds count, as for the ratings"),
        _("000/001: a game's winner is the side placed first; statistics across events not "
          "covered"),
        _("none (an event made private leaves the figures)"),
    ),
    Decision(
        _("A team registered by its captain takes a place only while its members make a size the "
          "mode seats (Alliances: 2 or 3), at the back of the queue from the moment it does; a "
          "member who would make it larger than any size the mode seats is refused"),
        _("000 Alliances: teams of 2-3 players; registration not covered"),
        _("Game mode (its team sizes)"),
    ),
    Decision(
        _("A team left too small for the mode before round 1 (a member removed or gone) gives up "
          "its place to the first waitlisted; once round 1 is paired its members are fixed, and "
          "the organiser's desk makes any change"),
        _("not covered"),
        _("none"),
    ),
    Decision(
        _("A team's invitation link stands for the event's entry code (the captain gave it); an "
          "event for members only still asks each team member to be one"),
        _("not covered"),
        _("Registration: who may register (anyone signed in, code holders, members)"),
    ),
)
# fmt: on


def markdown_table() -> str:
    """The decisions as the Markdown table docs/engine.md carries."""
    lines = [
        "| decision | rests on | setting that changes it |",
        "|---|---|---|",
    ]
    lines += [f"| {d.decision} | {d.rests_on} | {d.setting} |" for d in DECISIONS]
    return "\n".join(lines)
