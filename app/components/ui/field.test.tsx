import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fieldsOf, InputField, SelectField, TextareaField } from "./field";

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
});

describe("every field kind", () => {
  const kinds = {
    InputField: <InputField id="role" label="Role" hint="h" error="e" />,
    SelectField: (
      <SelectField id="role" label="Role" placeholder="Choose" options={[]} hint="h" error="e" />
    ),
    TextareaField: <TextareaField id="role" label="Role" hint="h" error="e" />,
  };

  it.each(Object.entries(kinds))(
    "%s is labelled, with its hint and error tied to it",
    (_kind, field) => {
      const html = renderToStaticMarkup(field);
      expect(html).toContain('<label for="role">Role</label>');
      expect(html).toContain('<p id="role-hint" class="field__hint">h</p>');
      expect(html).toContain('aria-invalid="true" aria-describedby="role-hint role-error"');
      expect(html).toContain('<p id="role-error" class="field__error">e</p>');
    },
  );
});

describe("TextareaField", () => {
  it("renders exactly this markup", () => {
    expect(
      renderToStaticMarkup(
        <TextareaField
          id="features"
          name="features"
          label="Features"
          hint="One per line."
          error="Too many"
          rows={3}
        />,
      ),
    ).toBe(
      '<div class="field" data-invalid="true"><label for="features">Features</label>' +
        '<p id="features-hint" class="field__hint">One per line.</p>' +
        '<textarea id="features" aria-invalid="true" aria-describedby="features-hint features-error" name="features" rows="3"></textarea>' +
        '<p id="features-error" class="field__error">Too many</p></div>',
    );
  });
});

describe("fieldsOf", () => {
  it("binds a field's id (with the prefix), name, value, error and length limit to the form", () => {
    const field = fieldsOf(
      { values: { email: "a@b.in" }, errors: { email: "Bad" } },
      { idPrefix: "join-", limits: { email: 254 } },
    );
    expect(field("email")).toEqual({
      id: "join-email",
      name: "email",
      defaultValue: "a@b.in",
      error: "Bad",
      maxLength: 254,
    });
    expect(fieldsOf({})("name")).toStrictEqual({
      id: "name",
      name: "name",
      defaultValue: undefined,
      error: undefined,
    });
  });
});
