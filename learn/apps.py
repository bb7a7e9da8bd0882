from django.apps import AppConfig


class LearnConfig(AppConfig):
    """Learning to play: the « Débuter » path and the practice questions graded by the rules engine."""

    name = "learn"
    verbose_name = "Apprendre à jouer"
    sitemaps = "learn.sitemaps.SITEMAPS"
    # The practice questions under an FAQ entry, a guide or a rules section (core.panels).
    content_panels = "learn.panels.practice_panel"
