from django.contrib import admin

from .models import Card, CardExplanation, Erratum, Printing


class PrintingInline(admin.TabularInline):
    model = Printing
    extra = 0
    fields = ["code", "set_code", "number", "kind", "rarity", "artist", "image_url"]


class ErratumInline(admin.StackedInline):
    model = Erratum
    extra = 0
    fields = ["old", "new", "document", "url", "announced"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "name_fr", "card_type", "set_code", "energy", "power", "might", "updated_at"]
    list_filter = ["set_code", "card_type", "preview"]
    search_fields = ["id", "name", "name_fr"]
    readonly_fields = ["updated_at"]
    inlines = [PrintingInline, ErratumInline]
    fieldsets = [
        (None, {"fields": ["id", "name", "name_fr", "name_fr_source", "aliases"]}),
        ("Caractéristiques", {"fields": ["card_type", "supertype", "tags", "domains", "energy", "power", "might",
                                         "set_code", "rarity", "image_url"]}),
        ("Texte de Riot", {"fields": ["text", "text_printed", "effect_text", "keywords"]}),
        ("Aperçu", {"fields": ["preview", "quality", "updated_at"]}),
    ]


@admin.register(CardExplanation)
class CardExplanationAdmin(admin.ModelAdmin):
    list_display = ["card", "checked", "updated_at"]
    search_fields = ["card__id", "card__name"]
    raw_id_fields = ["card"]
