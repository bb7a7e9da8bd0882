from django.apps import AppConfig


class SandboxConfig(AppConfig):
    """The sandbox: build a situation from the engine's vocabulary, resolve it, share or export it."""

    name = "sandbox"
    verbose_name = "Bac à sable"
