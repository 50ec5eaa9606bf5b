"""Small pieces every app shares, below all of them: the services' error base and the API's
plain plumbing (strict serializers, the JSON parser, the error format). No models here."""
