/**
 * The sign-in and password fields of the staff forms (login, first-admin setup): the same
 * labels, autocomplete hints and error placement on every page (docs/dashboard.md).
 */
import { InputField } from "~/components/ui/field";

interface AccountFieldProps {
  error?: string;
  defaultValue?: string;
}

/** 'Email', the account's sign-in name (autocomplete "username"). */
export function StaffEmailField({ error, defaultValue }: AccountFieldProps) {
  return (
    <InputField
      id="email"
      name="email"
      label="Email"
      type="email"
      autoComplete="username"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/**
 * 'Email or phone', what the login accepts (ADR 0032): an e-mail, or the mobile number of an
 * account that signs in with its phone. Plain text (not `type="email"`, which would refuse a
 * number), no capitals or spelling fixes by phones' keyboards.
 */
export function StaffSignInField({ error, defaultValue }: AccountFieldProps) {
  return (
    <InputField
      id="email"
      name="email"
      label="Email or phone"
      type="text"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      hint="Collectors without e-mail use their 10-digit mobile number."
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/**
 * 'Password'. `purpose` "current" signs in; "new" sets a password and shows the rule
 * (at least 8 characters, docs/dashboard.md). Never prefilled.
 */
export function StaffPasswordField({
  error,
  purpose,
}: {
  error?: string;
  purpose: "current" | "new";
}) {
  return (
    <InputField
      id="password"
      name="password"
      label="Password"
      type="password"
      autoComplete={purpose === "new" ? "new-password" : "current-password"}
      hint={purpose === "new" ? "At least 8 characters. Long passphrases are welcome." : undefined}
      required
      error={error}
    />
  );
}
