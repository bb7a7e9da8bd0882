from django.contrib import admin

from .models import Card, Category, Feedback, FAQEntry, Guide, GuideSection, RuleSection


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "order"]
    list_editable = ["order"]
    search_fields = ["name", "description"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "card_type", "power", "updated_at"]
    list_filter = ["card_type"]
    search_fields = ["name", "rules_text", "attached_text", "notes"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(FAQEntry)
class FAQEntryAdmin(admin.ModelAdmin):
    list_display = ["question", "category", "featured", "order", "checked_version", "updated_at"]
    list_filter = ["category", "featured", "checked_version"]
    list_editable = ["featured", "order"]
    search_fields = ["question", "short_answer", "explanation", "example"]
    prepopulated_fields = {"slug": ["question"]}
    filter_horizontal = ["examples", "cards", "related"]
    fieldsets = [
        (None, {"fields": ["question", "slug", "category", "featured", "order"]}),
        ("Réponse", {"fields": ["short_answer", "explanation", "example"]}),
        ("Règles", {"fields": ["rules", "checked_version"]}),
        ("Liens", {"fields": ["examples", "cards", "related"]}),
    ]


class GuideSectionInline(admin.StackedInline):
    model = GuideSection
    extra = 0
    fields = ["title", "anchor", "order", "body", "rules", "examples"]
    prepopulated_fields = {"anchor": ["title"]}
    filter_horizontal = ["examples"]


@admin.register(Guide)
class GuideAdmin(admin.ModelAdmin):
    list_display = ["title", "order", "checked_version", "updated_at"]
    list_filter = ["checked_version"]
    search_fields = ["title", "summary", "intro", "sections__body"]
    prepopulated_fields = {"slug": ["title"]}
    inlines = [GuideSectionInline]


@admin.register(RuleSection)
class RuleSectionAdmin(admin.ModelAdmin):
    list_display = ["title", "chapter", "order", "checked_version", "updated_at"]
    list_filter = ["chapter", "checked_version"]
    search_fields = ["title", "english_title", "summary", "body"]
    prepopulated_fields = {"slug": ["title"]}
    filter_horizontal = ["terms", "examples"]
    fieldsets = [
        (None, {"fields": ["title", "english_title", "slug", "chapter", "order", "checked_version"]}),
        ("Règles expliquées", {"fields": ["covers", "rule_summaries", "summary"]}),
        ("Texte", {"fields": ["body"]}),
        ("Liens", {"fields": ["terms", "examples"]}),
    ]


@admin.register(Feedback)
class FeedbackAdmin(admin.ModelAdmin):
    list_display = ["path", "kind", "created_at", "handled"]
    list_filter = ["kind", "handled"]
    list_editable = ["handled"]
    search_fields = ["path", "message"]
    readonly_fields = ["path", "kind", "message", "created_at"]
    date_hierarchy = "created_at"


admin.site.site_header = "RiftPal — administration"
admin.site.site_title = "RiftPal"
admin.site.index_title = "Contenu des règles"
