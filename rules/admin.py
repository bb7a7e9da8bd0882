from django.contrib import admin
from django.db.models import Count, Q

from .choices import CURRENT_RULES_VERSION
from .models import Category, FAQEntry, Feedback, Guide, GuideSection, RuleSection


class RuleChangedFilter(admin.SimpleListFilter):
    """Texts citing a rule the current edition edited or removed since their check (rules.editions); the same list
    as the editors' page /redaction/versions/."""

    title = "règle citée modifiée depuis la vérification"
    parameter_name = "regle_modifiee"

    def lookups(self, request, model_admin):
        return [("oui", "Oui")]

    def queryset(self, request, queryset):
        if self.value() != "oui":
            return queryset
        older = queryset.exclude(checked_version=CURRENT_RULES_VERSION).exclude(checked_version="")
        if queryset.model is Guide:
            older = older.prefetch_related("sections")
        return queryset.filter(pk__in=[item.pk for item in older if item.rule_changes()])


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "order"]
    list_editable = ["order"]
    search_fields = ["name", "description"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(FAQEntry)
class FAQEntryAdmin(admin.ModelAdmin):
    list_display = ["question", "category", "featured", "order", "checked_version", "updated_at"]
    list_filter = ["category", "featured", "checked_version", RuleChangedFilter]
    list_editable = ["featured", "order"]
    search_fields = ["question", "short_answer", "explanation", "example"]
    prepopulated_fields = {"slug": ["question"]}
    filter_horizontal = ["examples", "related"]
    autocomplete_fields = ["cards"]  # 1,058 cards: searched by name or number (cards.admin)
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
    list_filter = ["checked_version", RuleChangedFilter]
    search_fields = ["title", "summary", "intro", "sections__body"]
    prepopulated_fields = {"slug": ["title"]}
    inlines = [GuideSectionInline]


@admin.register(RuleSection)
class RuleSectionAdmin(admin.ModelAdmin):
    list_display = ["title", "chapter", "order", "checked_version", "updated_at"]
    list_filter = ["chapter", "checked_version", RuleChangedFilter]
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
    change_list_template = "admin/rules/feedback/change_list.html"

    def changelist_view(self, request, extra_context=None):
        """Above the list, one row per page with its counts, the pages with open error reports first."""
        pages = (
            Feedback.objects.values("path")
            .annotate(
                helpful=Count("pk", filter=Q(kind=Feedback.Kind.HELPFUL)),
                not_helpful=Count("pk", filter=Q(kind=Feedback.Kind.NOT_HELPFUL)),
                errors=Count("pk", filter=Q(kind=Feedback.Kind.ERROR)),
                open_errors=Count("pk", filter=Q(kind=Feedback.Kind.ERROR, handled=False)),
                total=Count("pk"),
            )
            .order_by("-open_errors", "-not_helpful", "-total", "path")[:100]
        )
        return super().changelist_view(request, {**(extra_context or {}), "pages": pages})


admin.site.site_header = "RiftPal — administration"
admin.site.site_title = "RiftPal"
admin.site.index_title = "Contenu des règles"
