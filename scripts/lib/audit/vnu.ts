/**
 * HTML validity: the Nu HTML Checker (npm `vnu-jar`, run with the machine's Java) over every
 * built HTML file, HTML messages unfiltered. Fails on any error; warnings are counted, not
 * failed. (What Astro's own output tripped is fixed after the build:
 * scripts/lib/build-sites/html-fixes.ts.) Messages about the CSS inside a page's <style> (each
 * page carries its used CSS inline, critical-css.ts) are counted, not failed: that CSS is
 * Tailwind's output, and the checker's CSS grammar predates what it uses (`@property`, `@layer`,
 * custom properties in `transition-property`, `margin-trim` in an `@supports` test).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPages } from './pages.ts';
import { type GateResult, result } from './types.ts';

/** The checker's jar as shipped in the npm package. */
export const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');

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
  let warnings = 0;
  let css = 0;
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
      if (m.message.startsWith('CSS: ')) {
        css++;
        continue;
      }
      failures.push(m.extract ? `${line} [${m.extract.trim().slice(0, 120)}]` : line);
    }
  }
  return result('vnu', failures, {
    figures: { files: files.length, warnings, css },
    notes: css
      ? [`${css} message(s) about inline Tailwind CSS not counted as errors (the checker's CSS grammar is older)`]
      : [],
  });
}
