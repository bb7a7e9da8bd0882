"""What the examples app gives to search: each worked example, by title, topic and situation."""

from .models import WorkedExample


def example_document(example: WorkedExample):
    return ("example", str(example.pk), example.title, example.get_absolute_url(),
            " ".join([example.get_topic_display(), example.description]))

DOCUMENTS = {WorkedExample: ("example", example_document)}

# What each kind is for in a search: the label beside a result and the role that weighs it.
KINDS = {"example": {"label": "Exemple", "role": "illustration"}}
