"""The forms' French labels come from the engine's vocabulary: every choice an enum parameter offers has one."""

from engine import kinds, vocab
from worked_examples.fields import ENUM_LABELS, OBJECT_TYPE_LABELS, enum_choices


def enum_params():
    for owner in (*kinds.KINDS.values(), *kinds.ACTIONS.values()):
        for param in owner.params:
            if param.type == "enum":
                yield param


def test_every_choice_of_an_enum_parameter_has_a_french_label():
    unlabelled = [(param.name, value) for param in enum_params() if param.name in ENUM_LABELS
                  for value, label in enum_choices(param) if label == value]
    assert unlabelled == []


def test_the_labels_are_the_vocabularys_own():
    assert OBJECT_TYPE_LABELS == {member.value: member.label for member in vocab.ObjectType}
    assert set(OBJECT_TYPE_LABELS) == set(kinds.OBJECT_TYPES)
    assert ENUM_LABELS["ask"]["mighty"] == vocab.Ask.MIGHTY.label
    assert ENUM_LABELS["mode"] == {"instead": "À la place", "also": "En plus"}
