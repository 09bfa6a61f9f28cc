/**
 * Accessible tabs (WAI-ARIA Authoring Practices "Tabs", automatic activation): a tablist of
 * tabs with aria-selected and aria-controls, roving tabindex, Left/Right/Home/End keys, and
 * one tabpanel per tab. A Tab or TabPanel outside its Tabs throws "Tab must be used within Tabs"
 * (SPEC §8).
 */
import { createContext, type KeyboardEvent, type ReactNode, useContext, useId, useRef } from 'react';

interface TabsContextValue<T extends string = string> {
  value: T;
  onChange: (value: T) => void;
  idFor: (value: string, part: 'tab' | 'panel') => string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

export const TAB_OUTSIDE_TABS_MESSAGE = 'Tab must be used within Tabs';

function useTabs(): TabsContextValue {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error(TAB_OUTSIDE_TABS_MESSAGE);
  return ctx;
}

export function Tabs<T extends string>(props: { value: T; onChange: (value: T) => void; children: ReactNode }) {
  const base = useId();
  const ctx: TabsContextValue = {
    value: props.value,
    onChange: props.onChange as (value: string) => void,
    idFor: (value, part) => `${base}-${part}-${value}`,
  };
  return <TabsContext.Provider value={ctx}>{props.children}</TabsContext.Provider>;
}

export function TabList(props: { label: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useTabs();
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  }
  return (
    <div ref={ref} role="tablist" aria-label={props.label} className={props.className} onKeyDown={onKeyDown}>
      {props.children}
    </div>
  );
}

export function Tab(props: { value: string; children: ReactNode; className?: string }) {
  const { value, onChange, idFor } = useTabs();
  const selected = value === props.value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(props.value, 'tab')}
      aria-selected={selected}
      aria-controls={selected ? idFor(props.value, 'panel') : undefined}
      tabIndex={selected ? 0 : -1}
      className={props.className}
      data-selected={selected || undefined}
      onClick={() => onChange(props.value)}
    >
      {props.children}
    </button>
  );
}

/** Only the selected panel is rendered. */
export function TabPanel(props: { value: string; children: ReactNode; className?: string }) {
  const { value, idFor } = useTabs();
  if (value !== props.value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(props.value, 'panel')}
      aria-labelledby={idFor(props.value, 'tab')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: APG: the panel is focusable when it may start with no focusable content
      tabIndex={0}
      className={props.className}
    >
      {props.children}
    </div>
  );
}
