/**
 * The Newsletter page's form and preview (docs/messages.md "Newsletter"): subject and plain
 * text, 'Preview' and 'Send to N subscribers', both real POSTs that work without JavaScript.
 * The hidden newsletter id is the form's idempotency key: the same form sent twice sends once.
 */
import { Form, useNavigation } from "react-router";
import { fieldsOf, InputField, TextareaField } from "~/components/ui/field";
import { newsletterFieldLimits, newsletterParagraphs } from "./newsletter-fields";

/**
 * The e-mail as a subscriber will read it: the subject, the paragraphs and the unsubscribe line
 * (with an example link; each subscriber's own link goes into their message).
 */
export function NewsletterPreview({
  subject,
  text,
  unsubscribeExample,
}: {
  subject: string;
  text: string;
  /** e.g. "https://scrapandsprout.in/unsubscribe/…". */
  unsubscribeExample: string;
}) {
  return (
    <section aria-labelledby="newsletter-preview-heading" className="dash-card">
      <h2 id="newsletter-preview-heading">Preview</h2>
      <p>Subject: {subject}</p>
      {newsletterParagraphs(text).map((paragraph, index) => (
        // Paragraphs have no id of their own; their order never changes within one preview.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <p key={index} className="newsletter-paragraph">
          {paragraph}
        </p>
      ))}
      <hr />
      <p>
        You get this e-mail because you joined our mailing list. Unsubscribe with one click:{" "}
        {unsubscribeExample}
      </p>
    </section>
  );
}

export function NewsletterForm({
  newsletterId,
  subscribers,
  values,
  errors,
}: {
  newsletterId: string;
  subscribers: number;
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}) {
  const field = fieldsOf({ values, errors }, { limits: newsletterFieldLimits });
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className="dash-form" aria-label="Newsletter" noValidate>
      <input type="hidden" name="newsletterId" value={newsletterId} />
      <InputField {...field("subject")} label="Subject" required minLength={3} />
      <TextareaField
        {...field("text")}
        label="Text"
        hint="Plain text. Leave a blank line between paragraphs."
        required
        minLength={10}
        rows={14}
      />
      <div className="dash-actions">
        <button type="submit" name="intent" value="preview" className="button">
          Preview
        </button>
        <button
          type="submit"
          name="intent"
          value="send"
          className="button"
          disabled={submitting || subscribers === 0}
        >
          Send to {subscribers} {subscribers === 1 ? "subscriber" : "subscribers"}
        </button>
      </div>
    </Form>
  );
}
