"""Drive the generated forms as a user would (see README.md here)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_op(page: Page, op_id: str):
    """Show the form of ``op_id`` (through the operation picker) and return its locator."""
    system = op_id.split(".", 1)[0]
    page.locator(f'#systems button[data-system="{system}"]').click()
    page.locator("#op-select").select_option(op_id)
    form = page.locator(f'form[data-op="{op_id}"]')
    expect(form).to_be_visible()
    return form


def fill(form, values: dict) -> None:
    """Fill fields by parameter name: str/int for inputs and selects, bool for checkboxes."""
    for name, value in values.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("node => node.closest('details') !== null"):
            form.locator("details.settings > summary").evaluate("node => node.parentElement.open = true")
        tag = field.evaluate("node => node.tagName.toLowerCase() + ':' + (node.type || '')")
        if tag.startswith("select"):
            field.select_option(str(value))
        elif tag.endswith("checkbox"):
            field.set_checked(bool(value))
        else:
            field.fill(str(value))


def submit(page: Page, form) -> str:
    """Press the form's button and return the text of the new result card."""
    before = page.locator("#results > li").count()
    form.locator("button[type=submit]").click()
    expect(page.locator("#results > li")).to_have_count(before + 1)
    return page.locator("#results > li").first.inner_text()


def field_error(form, name: str):
    """The error paragraph shown next to field ``name``."""
    return form.locator(f'[data-field="{name}"] .field-error')


def run(page: Page, op_id: str, values: dict) -> str:
    """Open, fill and submit ``op_id``; return the result card's text."""
    form = open_op(page, op_id)
    fill(form, values)
    return submit(page, form)
