from django.contrib import admin

from .models import Card, Category, FAQEntry, Guide, GuideSection


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
    list_display = ["question", "category", "featured", "order", "updated_at"]
    list_filter = ["category", "featured"]
    list_editable = ["featured", "order"]
    search_fields = ["question", "short_answer", "explanation", "example"]
    prepopulated_fields = {"slug": ["question"]}
    filter_horizontal = ["examples", "cards", "related"]
    fieldsets = [
        (None, {"fields": ["question", "slug", "category", "featured", "order"]}),
        ("Réponse", {"fields": ["short_answer", "explanation", "example"]}),
        ("Liens", {"fields": ["examples", "cards", "related"]}),
    ]


class GuideSectionInline(admin.StackedInline):
    model = GuideSection
    extra = 0
    fields = ["title", "anchor", "order", "body", "examples"]
    prepopulated_fields = {"anchor": ["title"]}
    filter_horizontal = ["examples"]


@admin.register(Guide)
class GuideAdmin(admin.ModelAdmin):
    list_display = ["title", "order", "updated_at"]
    search_fields = ["title", "summary", "intro", "sections__body"]
    prepopulated_fields = {"slug": ["title"]}
    inlines = [GuideSectionInline]


admin.site.site_header = "RiftPal — administration"
admin.site.site_title = "RiftPal"
admin.site.index_title = "Contenu des règles"
