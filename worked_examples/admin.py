from django.contrib import admin

from .models import WorkedExample


@admin.register(WorkedExample)
class WorkedExampleAdmin(admin.ModelAdmin):
    list_display = ["title", "slug", "topic", "updated_at"]
    list_filter = ["topic"]
    search_fields = ["title", "description", "scenario"]
    prepopulated_fields = {"slug": ["title"]}
