/**
 * A brand logo in a fixed square (no layout shift); the brand's initial when there is none or it fails.
 * Low fetch priority: a logo is never the page's main content, so the browser keeps it behind the
 * HTML, the stylesheet and the text's font on a slow connection (issue 31).
 */
import { useState } from 'react';
import { initialOf } from './format.ts';

type Props = { name: string | null | undefined; logo: string | null | undefined; size?: number };

export function BrandLogo({ name, logo, size = 48 }: Props) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size };
  if (logo && !failed) {
    return (
      <img
        src={logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        fetchPriority="low"
        onError={() => setFailed(true)}
        className="brand-logo"
        style={size === 48 ? undefined : box}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-lg bg-primary font-bold text-white"
      style={{ ...box, fontSize: Math.round(size * 0.42) }}
    >
      {initialOf(name)}
    </span>
  );
}
