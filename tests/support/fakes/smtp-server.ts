/**
 * A real SMTP server on 127.0.0.1 for the tests (docs/messages.md "E-mail"): smtp-server on a
 * free port, authentication optional (any user and password), no STARTTLS. It keeps every
 * message it accepted (raw source and envelope), parses headers and MIME parts with a few lines
 * of code (quoted-printable, base64, RFC 2047 encoded words), and can refuse the next N messages
 * with a 4xx or 5xx answer at RCPT TO or DATA.
 */
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export interface ReceivedPart {
  contentType: string;
  /** Decoded body (quoted-printable and base64 undone). */
  body: string;
}

export interface ReceivedMessage {
  /** The message as it arrived, CRLF line ends. */
  raw: string;
  envelopeFrom: string;
  envelopeTo: string[];
  /** Unfolded header lines, in order: [name in lower case, raw value]. */
  headers: [string, string][];
  /** The first value of a header (encoded words decoded), or undefined. */
  header(name: string): string | undefined;
  /** Leaf MIME parts: text/plain and text/html. */
  parts: ReceivedPart[];
  text: string;
  html: string;
  /** The authenticated user, when the client logged in. */
  user: string | undefined;
}

export interface Refusal {
  code: number;
  /** Where the server says no: at RCPT TO (about the recipient) or after DATA. */
  stage: "rcpt" | "data";
  message?: string;
}

export interface SmtpTestServer {
  port: number;
  /** smtp://user:secret@127.0.0.1:port (STARTTLS off). */
  url: string;
  received: ReceivedMessage[];
  /** Attempts the server saw (accepted and refused). */
  attempts(): number;
  /** Refuses the next `count` messages. */
  refuseNext(count: number, refusal: Refusal): void;
  /** Resolves when at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  return at < 0 ? { head: raw, body: "" } : { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

/** Header lines of a head, unfolded: [lower-case name, value]. */
export function parseHeaders(head: string): [string, string][] {
  const unfolded = head.replace(/\r\n[ \t]/g, " ");
  return unfolded
    .split("\r\n")
    .filter((line) => line.includes(":"))
    .map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
}

function firstHeader(headers: [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key === name.toLowerCase())?.[1];
}

function leafParts(raw: string): ReceivedPart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = firstHeader(headers, "content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => leafParts(part.replace(/^\r\n/, "")));
  }
  const encoding = (firstHeader(headers, "content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return [{ contentType: type.split(";")[0]?.trim().toLowerCase() ?? "", body: decoded }];
}

/** Parses one raw message with its envelope. */
export function parseReceived(
  raw: string,
  envelope: { from: string; to: string[]; user?: string },
): ReceivedMessage {
  const headers = parseHeaders(splitHead(raw).head);
  const parts = leafParts(raw);
  return {
    raw,
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    headers,
    header: (name) => {
      const value = firstHeader(headers, name);
      return value === undefined ? undefined : decodeEncodedWords(value);
    },
    parts,
    text: parts.find((p) => p.contentType === "text/plain")?.body ?? "",
    html: parts.find((p) => p.contentType === "text/html")?.body ?? "",
    user: envelope.user,
  };
}

function smtpError(refusal: Refusal): Error & { responseCode: number } {
  const text = refusal.message ?? (refusal.code >= 500 ? "Mailbox unavailable" : "Try again later");
  return Object.assign(new Error(text), { responseCode: refusal.code });
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startSmtpTestServer(listenPort = 0): Promise<SmtpTestServer> {
  const received: ReceivedMessage[] = [];
  const refusals: Refusal[] = [];
  const waiters = new Set<() => void>();
  let attempts = 0;
  const take = (stage: Refusal["stage"]) =>
    refusals[0]?.stage === stage ? refusals.shift() : undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 2000,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      const refusal = take("rcpt");
      if (refusal) {
        attempts += 1;
        return callback(smtpError(refusal));
      }
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts += 1;
        const refusal = take("data");
        if (refusal) return callback(smtpError(refusal));
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = session.envelope;
        received.push(
          parseReceived(raw, {
            from: envelope.mailFrom ? envelope.mailFrom.address : "",
            to: envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === "string" ? session.user : undefined,
          }),
        );
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.on("error", () => {
    // Client disconnects (a killed test) are not the test's failure.
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    url: `smtp://mailer:secret-password@127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    refuseNext(count, refusal) {
      for (let i = 0; i < count; i++) refusals.push(refusal);
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Only ${received.length} of ${count} messages arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
