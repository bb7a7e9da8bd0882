"""The whole vocabulary of the engine in one import: the base names (``vocab``), the effect kinds
and conditions (``effect_kinds``) and the actions (``actions``).

The web layer (sandbox, worked examples, practice) reads the vocabulary from here.  Dependencies
point one way — ``vocab`` ← ``effect_kinds`` ← ``actions`` ← ``kinds`` — so no module below imports
this one.
"""

from .actions import ACTIONS, Action, Do, vocabulary
from .effect_kinds import ACTIVITY_CONDITIONS, CONDITIONS, KINDS, RESULT_INSTRUCTIONS
from .vocab import (
    BOARD_ZONES,
    COUNT_RANGE,
    DURATION_LABELS,
    DURATIONS,
    EVENT_LABELS,
    EVENT_TYPE_LABELS,
    KEYWORDS,
    LAYER_LABELS,
    LAYERS,
    OBJECT_TYPES,
    PLAYED_EVENTS,
    PRINTED_POWER_RANGE,
    PRODUCE,
    PRODUCE_LABELS,
    REASONS,
    REPLACEABLE_EVENTS,
    SPEEDS,
    STAGES,
    STEP_KIND_LABELS,
    STEP_LABELS,
    TOPIC_LABELS,
    TOPICS,
    TRIGGER_EVENTS,
    VICTORY_SCORES,
    WHY_LABELS,
    WHY_RULES,
    XP_RANGE,
    ZONE_LABELS,
    ZONE_TITLES,
    ZONES,
    CombatResult,
    Duration,
    Event,
    Keyword,
    KeywordRule,
    Kind,
    Layer,
    Mode,
    Param,
    Reason,
    Speed,
    Stage,
    StepKind,
    Topic,
    Vocab,
    Why,
    Zone,
    has_keyword,
    keyword_base,
    keyword_number,
)

__all__ = [
    "ACTIONS", "Action", "Do", "PLAYED_EVENTS",
    "ACTIVITY_CONDITIONS", "BOARD_ZONES", "CONDITIONS", "COUNT_RANGE", "DURATIONS",
    "DURATION_LABELS", "EVENT_LABELS", "EVENT_TYPE_LABELS", "KEYWORDS", "KINDS", "LAYERS", "LAYER_LABELS",
    "OBJECT_TYPES", "PRINTED_POWER_RANGE", "PRODUCE", "PRODUCE_LABELS", "REASONS", "REPLACEABLE_EVENTS",
    "RESULT_INSTRUCTIONS", "SPEEDS", "STAGES", "STEP_KIND_LABELS", "STEP_LABELS", "TOPICS", "TOPIC_LABELS",
    "TRIGGER_EVENTS", "VICTORY_SCORES", "WHY_LABELS", "WHY_RULES", "XP_RANGE", "ZONES", "ZONE_LABELS", "ZONE_TITLES",
    "CombatResult", "Duration", "Event", "Keyword", "Kind", "KeywordRule", "Layer", "Mode", "Param", "Reason", "Speed",
    "Stage", "StepKind", "Topic", "Vocab", "Why", "Zone", "has_keyword", "keyword_base", "keyword_number", "vocabulary",
]
