"""docs/explain.md lists the rules and themes of the registries, as they are."""
from pathlib import Path

from masyu.explain import RULES, THEMES

DOC = (Path(__file__).resolve().parents[3] / "docs" / "explain.md").read_text(encoding="utf-8")


def test_the_rules_table_is_the_registry():
    section = DOC.split("## The rules", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines()
            if line.startswith("| ") and (" | 1 | " in line or " | 2 | " in line)]
    assert [r.split(" | ")[0][2:] for r in rows] == list(RULES)
    for rule in RULES.values():
        assert f"| {rule.name} | {rule.level} | {rule.summary} |" in DOC


def test_the_themes_table_is_the_registry():
    for name, theme in THEMES.items():
        assert f"| `{name}` | {theme.summary} |" in DOC


def test_the_registries_are_exported_with_names_and_summaries():
    import masyu
    assert masyu.RULES is RULES and masyu.THEMES is THEMES
    for registry in (RULES, THEMES):
        assert all(entry.name == name and entry.summary for name, entry in registry.items())
