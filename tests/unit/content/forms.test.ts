import { describe, expect, it } from 'vitest';
import {
  CONTACT_SUBJECTS,
  type ContactValues,
  contactMailBody,
  contactPayload,
  contactProblems,
  emailProblem,
  LIMITS,
  mailtoHref,
  postJson,
  singleFlight,
} from '../../../src/content-helpers/forms.ts';

const valid: ContactValues = {
  name: 'Ana',
  email: 'ana@example.com',
  subject: 'coupon',
  message: 'Code SAVE10 fails.',
};

describe('contact validation (SPEC §5 "Contact form")', () => {
  it('accepts a complete message with every SPEC subject', () => {
    for (const subject of CONTACT_SUBJECTS) expect(contactProblems({ ...valid, subject })).toEqual({});
    expect(CONTACT_SUBJECTS).toEqual(['general', 'partnership', 'technical', 'coupon', 'suggestion', 'other']);
  });

  it('requires every field (blank and whitespace alike)', () => {
    expect(contactProblems({ name: ' ', email: '', subject: '', message: '\n' })).toEqual({
      name: 'required',
      email: 'required',
      subject: 'required',
      message: 'required',
    });
  });

  it('checks the e-mail like <input type=email>, the subject against the list, and lengths', () => {
    expect(contactProblems({ ...valid, email: 'ana@' }).email).toBe('email');
    expect(contactProblems({ ...valid, email: 'ana example.com' }).email).toBe('email');
    expect(contactProblems({ ...valid, subject: 'refund' }).subject).toBe('subject');
    expect(contactProblems({ ...valid, message: 'x'.repeat(LIMITS.message + 1) }).message).toBe('tooLong');
    expect(contactProblems({ ...valid, name: 'x'.repeat(LIMITS.name + 1) }).name).toBe('tooLong');
  });

  it('emailProblem', () => {
    expect(emailProblem('  a.b+c@mail.example.org ')).toBeNull();
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('a@b@c')).toBe('email');
    expect(emailProblem(`${'a'.repeat(250)}@b.co`)).toBe('email');
  });

  it('sends trimmed values', () => {
    expect(contactPayload({ name: ' Ana ', email: ' ana@example.com', subject: 'other', message: ' hi \n' })).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'other',
      message: 'hi',
    });
  });
});

describe('the e-mail hand-off', () => {
  it('builds a mailto: link with every part encoded and CRLF line breaks', () => {
    const href = mailtoHref('support@x.example', 'Coupon issue: Ana & Bo', 'Line 1\nLine 2 ?&=');
    expect(href).toBe(
      'mailto:support@x.example?subject=Coupon%20issue%3A%20Ana%20%26%20Bo&body=Line%201%0D%0ALine%202%20%3F%26%3D',
    );
  });

  it('puts the message first and who wrote it after', () => {
    expect(contactMailBody(valid, { name: 'Name', email: 'Email' })).toBe(
      'Code SAVE10 fails.\n\n--\nName: Ana\nEmail: ana@example.com',
    );
  });
});

describe('singleFlight', () => {
  it('runs one send at a time and ignores presses while it runs', async () => {
    let release!: () => void;
    let calls = 0;
    const sender = singleFlight(async (n: number) => {
      calls++;
      await new Promise<void>((r) => {
        release = r;
      });
      return n * 2;
    });
    const first = sender.run(1);
    expect(sender.busy).toBe(true);
    expect(await sender.run(2)).toBeNull();
    release();
    expect(await first).toBe(2);
    expect(sender.busy).toBe(false);
    const again = sender.run(3);
    release();
    expect(await again).toBe(6);
    expect(calls).toBe(2);
  });

  it('is free again after a failed send', async () => {
    const sender = singleFlight(async () => {
      throw new Error('boom');
    });
    await expect(sender.run(undefined)).rejects.toThrow('boom');
    expect(sender.busy).toBe(false);
  });
});

describe('postJson', () => {
  const reply = (status: number, body: string) => async () => new Response(body, { status });

  it('posts JSON and reports success only for an ok answer that does not say otherwise', async () => {
    let seen: RequestInit | undefined;
    const ok = await postJson(
      'https://forms.example/f/1',
      { a: 1 },
      {
        fetch: async (_url, init) => {
          seen = init;
          return new Response('{"ok":true}', { status: 200 });
        },
      },
    );
    expect(ok).toEqual({ ok: true });
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe('{"a":1}');
    expect(await postJson('/x', {}, { fetch: reply(200, '') })).toEqual({ ok: true });
    expect(await postJson('/x', {}, { fetch: reply(200, '{"success":false}') })).toEqual({
      ok: false,
      reason: 'success false',
    });
    expect(await postJson('/x', {}, { fetch: reply(503, '{}') })).toEqual({ ok: false, reason: 'HTTP 503' });
  });

  it('turns a network failure or a timeout into a failure, never a throw', async () => {
    const failed = await postJson('/x', {}, { fetch: async () => Promise.reject(new TypeError('offline')) });
    expect(failed).toEqual({ ok: false, reason: 'offline' });
    const slow = await postJson(
      '/x',
      {},
      {
        timeoutMs: 5,
        fetch: (_u, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      },
    );
    expect(slow).toEqual({ ok: false, reason: 'aborted' });
  });
});
