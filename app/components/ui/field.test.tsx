import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField, TextareaField } from "./field";

describe("SelectField", () => {
  const options = (html: string) =>
    [...html.matchAll(/<option[^>]*>[^<]*<\/option>/g)].map((m) => m[0]);

  it("takes value/label pairs, and plain strings shown as they are or through optionLabel", () => {
    const pairs = renderToStaticMarkup(
      <SelectField
        id="kind"
        label="Kind"
        placeholder="Choose a kind"
        options={[
          { value: "plant", label: "Plant" },
          { value: "fertiliser", label: "Fertiliser" },
        ]}
      />,
    );
    expect(options(pairs)).toEqual([
      '<option value="">Choose a kind</option>',
      '<option value="plant">Plant</option>',
      '<option value="fertiliser">Fertiliser</option>',
    ]);
    const strings = renderToStaticMarkup(
      <SelectField
        id="kind"
        label="Kind"
        placeholder="Choose a kind"
        options={["plant", "fertiliser"]}
        optionLabel={(value) => value.charAt(0).toUpperCase() + value.slice(1)}
      />,
    );
    expect(strings).toBe(pairs);
    const plain = renderToStaticMarkup(
      <SelectField id="state" label="State" placeholder="Choose" options={["Goa", "Kerala"]} />,
    );
    expect(options(plain).slice(1)).toEqual([
      '<option value="Goa">Goa</option>',
      '<option value="Kerala">Kerala</option>',
    ]);
  });

  it("ties its hint and error to the select", () => {
    const html = renderToStaticMarkup(
      <SelectField id="role" label="Role" placeholder="Choose" options={[]} hint="h" error="e" />,
    );
    expect(html).toContain('<label for="role">Role</label>');
    expect(html).toContain('aria-invalid="true" aria-describedby="role-hint role-error"');
    expect(html).toContain('<p id="role-error" class="field__error">e</p>');
  });
});

describe("TextareaField", () => {
  it("is labelled, with its hint and error tied to it", () => {
    const html = renderToStaticMarkup(
      <TextareaField
        id="features"
        name="features"
        label="Features"
        hint="One per line."
        error="Too many"
        rows={3}
      />,
    );
    expect(html).toBe(
      '<div class="field" data-invalid="true"><label for="features">Features</label>' +
        '<p id="features-hint" class="field__hint">One per line.</p>' +
        '<textarea id="features" aria-invalid="true" aria-describedby="features-hint features-error" name="features" rows="3"></textarea>' +
        '<p id="features-error" class="field__error">Too many</p></div>',
    );
  });
});
