/**
 * The fields of an organisation account's form (new account and Change details; docs/corporate.md
 * "Organisation accounts"), bound to the form's state by `field`. No server code.
 */
import type { fieldsOf } from "~/components/ui/field";
import { InputField, RadioGroupField, SelectField } from "~/components/ui/field";
import { organisationKinds, organisationRewards } from "~/db/schema/organisations";
import { organisationKindLabels, organisationRewardLabels } from "./lead-labels";

export function OrganisationFields({
  field,
  reward,
}: {
  field: ReturnType<typeof fieldsOf>;
  /** The reward chosen (money by default). */
  reward: string | undefined;
}) {
  return (
    <>
      <InputField {...field("name")} label="Organisation" required />
      <SelectField
        {...field("kind")}
        label="Type"
        placeholder="Choose a type"
        options={organisationKinds.map((kind) => ({
          value: kind,
          label: organisationKindLabels[kind],
        }))}
        required
      />
      <InputField {...field("contactName")} label="Contact name" autoComplete="off" required />
      <InputField
        {...field("contactPhone")}
        label="Contact mobile number"
        type="tel"
        inputMode="tel"
        required
      />
      <InputField
        {...field("contactEmail")}
        label="Contact e-mail"
        type="email"
        hint="Pickup messages and the monthly statement go to it."
        required
      />
      <RadioGroupField
        name="reward"
        legend="Reward for the scrap"
        options={organisationRewards.map((reward) => ({
          value: reward,
          label: organisationRewardLabels[reward],
        }))}
        defaultValue={reward ?? "money"}
        error={field("reward").error}
      />
      <InputField
        {...field("payoutDetails")}
        label="Where money goes"
        hint="A UPI ID, or the bank account number, IFSC and account name. Needed for money."
      />
    </>
  );
}
