from django.contrib import admin

from .models import Term


@admin.register(Term)
class TermAdmin(admin.ModelAdmin):
    list_display = ["name", "english_name", "kind", "updated_at"]
    list_filter = ["kind"]
    search_fields = ["name", "english_name", "short_definition", "explanation", "forms"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["related"]
    fieldsets = [
        (None, {"fields": ["name", "slug", "former_slugs", "english_name", "kind"]}),
        ("Définitions", {"fields": ["short_definition", "explanation"]}),
        ("Liens", {"fields": ["forms", "related"]}),
    ]
