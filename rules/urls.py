from django.urls import path, re_path

from . import views

app_name = "rules"

urlpatterns = [
    path("", views.home, name="home"),
    path("faq/", views.faq_index, name="faq_index"),
    path("faq/<slug:slug>/", views.faq_detail, name="faq_detail"),
    path("guides/", views.guide_index, name="guide_index"),
    path("guides/<slug:slug>/", views.guide_detail, name="guide_detail"),
    path("regles/", views.rules_index, name="rules_index"),
    path("regles/ce-qui-a-change/", views.what_changed, name="changes"),
    # A number of an older edition (« v1.4 ») or of the current one (« 2026-10 »): rules.editions.
    re_path(r"^regles/(?P<edition>v\d+\.\d+|\d{4}-\d{2})/(?P<number>[Rr]?\d{1,3}(?:\.(?:\d{1,3}|[a-zA-Z]))*)/$",
            views.rule_in_edition, name="rule_in_edition"),
    re_path(r"^regles/(?P<number>[Rr]?\d{1,3}(?:\.(?:\d{1,3}|[a-zA-Z]))*)/$", views.rule_number, name="rule_number"),
    path("regles/<slug:slug>/", views.rule_section, name="rule_section"),
    path("redaction/versions/", views.editors_versions, name="editors_versions"),
]

# Site-wide pages owned by the front end: the HTML site plan and readers' feedback.
from . import feedback, site_plan  # noqa: E402

urlpatterns += [
    path("plan-du-site/", site_plan.site_plan, name="site_plan"),
    path("avis/", feedback.feedback, name="feedback"),
]
