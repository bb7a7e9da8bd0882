from django.apps import AppConfig


class LearnConfig(AppConfig):
    """Learning to play: the « Débuter » path and the practice questions graded by the rules engine."""

    name = "learn"
    verbose_name = "Apprendre à jouer"
    sitemaps = "learn.sitemaps.SITEMAPS"
