import {
  ChoiceFilter,
  FilterForm,
  ListResults,
  SearchFilter,
} from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import { messageTemplates } from "~/db/outbox.server";
import { MessageTableRow, ResendNotice, useBackPath } from "~/features/messages/message-log";
import { messageChannelLabels, messageStatusFilters } from "~/features/messages/message-status";
import { listMessages, messageFiltersSchema } from "~/features/messages/messages-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { listPageData } from "~/utils/list-page.server";
import { templateName } from "~/utils/shop-words";
import type { Route } from "./+types/messages";

/**
 * Messages (docs/messages.md "Staff pages"): failed and skipped messages by default, filters by
 * status, channel, template and recipient or reference; keyset pages of 50, newest first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const db = await getDb();
  return listPageData(
    request,
    {
      path: "/dashboard/messages",
      schema: messageFiltersSchema,
      read: (filters, after) => listMessages(db, filters, after),
    },
    { templates: [...messageTemplates], isAdmin: user.role === "admin" },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | Staff dashboard" }];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { values, errors, rows } = loaderData;
  const back = useBackPath();
  const templateChoices = Object.fromEntries(
    loaderData.templates.map((name) => [name, templateName(name)]),
  );
  return (
    <>
      <h1>Messages</h1>
      <p>
        E-mail and WhatsApp messages of the outbox, newest first. Without a status chosen, the list
        shows the failed and skipped ones: those need a look.
      </p>
      <ResendNotice />
      <FilterForm
        label="Filter messages"
        search={<SearchFilter label="Search recipient or reference" />}
        clearHref="/dashboard/messages"
        values={values}
        errors={errors}
      >
        <ChoiceFilter
          name="status"
          label="Status"
          placeholder="Failed or skipped"
          choices={messageStatusFilters}
        />
        <ChoiceFilter
          name="channel"
          label="Channel"
          placeholder="Any channel"
          choices={messageChannelLabels}
        />
        <ChoiceFilter
          name="template"
          label="Template"
          placeholder="Any template"
          choices={templateChoices}
        />
      </FilterForm>
      <ListResults
        page={loaderData}
        noun={{ one: "message", many: "messages" }}
        caption="Messages, newest first"
        columns={[
          "Time",
          "Channel",
          "Template",
          { label: "Recipient", card: "wide" },
          "About",
          "Status",
          { label: "Attempts", numeric: true },
          { label: "Error", card: "wide" },
          { label: "Action", card: "wide" },
        ]}
      >
        {rows.map((row) => (
          <MessageTableRow
            key={row.id}
            message={row}
            back={back}
            withAbout
            isAdmin={loaderData.isAdmin}
          />
        ))}
      </ListResults>
    </>
  );
}
