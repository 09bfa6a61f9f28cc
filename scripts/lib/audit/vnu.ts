/**
 * HTML validity: the Nu HTML Checker (npm `vnu-jar`, run with the machine's Java) over every
 * built HTML file. Fails on any error; warnings are counted, not failed.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPages } from './pages.ts';
import { type GateResult, result } from './types.ts';

/** The checker's jar as shipped in the npm package. */
export const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');

/** Messages we cannot fix at the source; each with the reason. */
export const VNU_FILTERS: { pattern: RegExp; extract?: RegExp; reason: string }[] = [
  {
    pattern: /^A “style” element in “body” must be the first child of its parent\.$/,
    // vnu's extract stops at "<style>astro-"; the rest is Astro's fixed ISLAND_STYLES text.
    extract: /<style>astro-$/,
    reason:
      "Astro's island runtime writes <style>astro-island,…{display:contents}</style> before the first island (astro/runtime/server/scripts.js getPrescripts), with no option to put it in <head>",
  },
  {
    pattern: /^Bad value “0;url=[^”]*” for attribute “content” on element “meta”/,
    reason: 'Astro\'s generated redirect page (astro.config redirects) writes content="0;url=…" without a space',
  },
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function runJava(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.env.JAVA ?? 'java', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

export async function runVnuGate(opts: { dir: string; files?: string[] }): Promise<GateResult> {
  const files = opts.files ?? discoverPages(opts.dir).map((p) => p.file);
  if (files.length === 0) return result('vnu', [`no HTML files in ${opts.dir}`]);
  const failures: string[] = [];
  /** Filtered messages, counted per filter reason (one note line each, with an example). */
  const filtered = new Map<string, { count: number; example: string }>();
  let warnings = 0;
  // Chunks keep the command line short on large sites; one JVM start per 400 files.
  for (let i = 0; i < files.length; i += 400) {
    const chunk = files.slice(i, i + 400);
    const { stderr } = await runJava(['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...chunk]);
    let messages: VnuMessage[];
    try {
      messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    } catch {
      return result('vnu', [`the Nu HTML Checker did not answer with JSON: ${stderr.slice(0, 300)}`]);
    }
    for (const m of messages) {
      const where = m.url?.startsWith('file:') ? relative(opts.dir, fileURLToPath(m.url)) : (m.url ?? '?');
      const line = `${where}${m.lastLine ? `:${m.lastLine}` : ''}: ${m.message}`;
      if (m.type === 'info') {
        warnings++;
        continue;
      }
      const filter = VNU_FILTERS.find(
        (f) => f.pattern.test(m.message) && (!f.extract || f.extract.test(m.extract ?? '')),
      );
      if (filter) {
        const seen = filtered.get(filter.reason);
        if (seen) seen.count++;
        else filtered.set(filter.reason, { count: 1, example: line });
      } else failures.push(m.extract ? `${line} [${m.extract.trim().slice(0, 120)}]` : line);
    }
  }
  const notes = [...filtered].map(([reason, f]) => `filtered ${f.count} × (${reason}), e.g. ${f.example}`);
  return result('vnu', failures, { notes, figures: { files: files.length, warnings } });
}
