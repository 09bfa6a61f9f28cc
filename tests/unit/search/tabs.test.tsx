import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from '../../../src/components/search/Tabs.tsx';

describe('Tabs', () => {
  it('a Tab outside Tabs throws "Tab must be used within Tabs"', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderToString(<Tab value="a">A</Tab>)).toThrow('Tab must be used within Tabs');
    expect(() => renderToString(<TabPanel value="a">A</TabPanel>)).toThrow('Tab must be used within Tabs');
    spy.mockRestore();
  });

  it('renders the ARIA tab pattern: selected tab, roving tabindex, the one panel labelled by its tab', () => {
    const html = renderToString(
      <Tabs value="b" onChange={() => {}}>
        <TabList label="Kinds">
          <Tab value="a">A</Tab>
          <Tab value="b">B</Tab>
        </TabList>
        <TabPanel value="a">panel A</TabPanel>
        <TabPanel value="b">panel B</TabPanel>
      </Tabs>,
    );
    expect(html).toContain('role="tablist" aria-label="Kinds"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*tabindex="-1"[^>]*>A</);
    const tabB = /role="tab" id="([^"]+)" aria-selected="true" aria-controls="([^"]+)" tabindex="0"/.exec(html);
    expect(tabB).not.toBeNull();
    expect(html).toContain(`role="tabpanel" id="${tabB?.[2]}" aria-labelledby="${tabB?.[1]}"`);
    expect(html).toContain('panel B');
    expect(html).not.toContain('panel A');
  });
});
