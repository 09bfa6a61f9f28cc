/**
 * The contact form's behaviour (markup: src/components/content/ContactForm.astro): our own
 * accessible message per field, then idle → "Sending..." → success (SPEC §8 text, fields
 * cleared) or error (text kept, "Try again"); one send per press. Delivery by mode: POST
 * /contact on the API, the operator's endpoint, or the visitor's e-mail app (mailto:), which
 * the page says, keeping the text: nothing is ever reported as sent when it was not.
 */

import { browserApiClient } from '../../stores/form-client.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactValues,
  contactMailBody,
  contactPayload,
  contactProblems,
  mailtoHref,
  postJson,
  type SendResult,
  singleFlight,
} from '../forms.ts';
import type { ContactMode } from '../legal.ts';
import {
  clearMessages,
  fieldOf,
  type Messages,
  readConfig,
  setBusy,
  setFieldError,
  showAlert,
  showStatus,
} from './form-ui.ts';

interface Config {
  mode: ContactMode;
  siteId: string;
  apiBaseUrl: string;
  apiEndpoints: Record<string, string>;
  timeout: number;
  endpoint: string | null;
  to: string;
  partnerships: string;
  messages: Messages & {
    send: string;
    success: string;
    error: string;
    mailtoOpened: string;
    mailtoAgain: string;
    nameLabel: string;
    emailLabel: string;
    subjects: Record<string, string>;
  };
}

/**
 * What the API checks to keep bots out (issue 41, src/server/handlers.ts `looksLikeBot`): the
 * hidden field (empty for people), and when the page started and when the message was sent,
 * both on the page's own monotonic clock (so a wrong clock on the visitor's computer does not
 * matter). The start is the page's, not this script's, which loads on the first interaction.
 */
function botCheck(form: HTMLFormElement): { website: string; startedAt: number; sentAt: number } {
  const startedAt = Math.round(performance.timeOrigin);
  return {
    website: form.querySelector<HTMLInputElement>('[data-honeypot]')?.value ?? '',
    startedAt,
    sentAt: startedAt + Math.round(performance.now()),
  };
}

/**
 * Hands a mailto: address to the e-mail app as a link the visitor follows, not by assigning
 * `location.href`. Firefox takes an assigned mailto: for a load of the page itself: it fires the
 * page's `beforeunload`, starts a document load and ends it without content once the e-mail app
 * has the address, so for a moment the page is "being left" though it stays. A followed mailto:
 * link goes straight to the e-mail app (no `beforeunload`, no load), as the contact cards' links
 * and the status's "Open the email again" do. Chromium behaves the same either way.
 */
function openMailApp(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function enhance(root: HTMLElement, first: Event | null): void {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  const cfg = readConfig<Config>(form);
  const m = cfg.messages;
  form.noValidate = true; // our messages replace the browser's bubbles

  const values = (): ContactValues =>
    Object.fromEntries(CONTACT_FIELDS.map((f) => [f, fieldOf(form, f)?.value ?? ''])) as ContactValues;

  const validate = (only?: ContactField): boolean => {
    const problems = contactProblems(values());
    // An empty or unknown subject both read "choose a subject from the list".
    const message = (f: ContactField) => (problems[f] ? (f === 'subject' ? m.subject : m[problems[f]]) : null);
    for (const f of only ? [only] : CONTACT_FIELDS) setFieldError(form, f, message(f));
    return Object.keys(problems).length === 0;
  };

  const deliver = async (v: ContactValues): Promise<SendResult> => {
    const payload = contactPayload(v);
    if (cfg.mode === 'endpoint' && cfg.endpoint) return postJson(cfg.endpoint, payload, { timeoutMs: cfg.timeout });
    const client = browserApiClient(cfg);
    const path = client.endpoint('contact');
    if (!path) return { ok: false, reason: 'API endpoint not configured: contact' };
    const result = await client.post(path, { ...payload, ...botCheck(form) });
    return result.success ? { ok: true } : { ok: false, reason: result.message };
  };
  const sender = singleFlight(deliver);

  const handOff = (v: ContactValues) => {
    const to = v.subject === 'partnership' ? cfg.partnerships : cfg.to;
    const subject = `${m.subjects[v.subject] ?? v.subject}: ${v.name.trim()}`;
    const href = mailtoHref(to, subject, contactMailBody(v, { name: m.nameLabel, email: m.emailLabel }));
    showStatus(form, m.mailtoOpened.replaceAll('{email}', to), { href, label: m.mailtoAgain });
    openMailApp(href);
  };

  const submit = async () => {
    if (sender.busy) return;
    clearMessages(form);
    if (!validate()) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const v = values();
    if (cfg.mode === 'mailto') return handOff(v);
    setBusy(form, true, { busy: m.sending, idle: m.send });
    showStatus(form, m.sending);
    const result = await sender.run(v);
    setBusy(form, false, { busy: m.sending, idle: m.send });
    if (!result) return;
    if (result.ok) {
      form.reset();
      showStatus(form, m.success);
    } else {
      console.warn('Contact message not sent:', result.reason);
      showAlert(form, m.error, { label: m.retry, onRetry: () => void submit() });
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void submit();
  });
  // A field's message updates once the visitor leaves it, and clears as soon as it is fixed.
  for (const f of CONTACT_FIELDS) {
    const field = fieldOf(form, f);
    field?.addEventListener('blur', () => {
      if (field.value.trim() || field.hasAttribute('aria-invalid')) validate(f);
    });
    field?.addEventListener('input', () => {
      if (field.hasAttribute('aria-invalid')) validate(f);
    });
  }
  if (first?.type === 'submit') void submit();
}
