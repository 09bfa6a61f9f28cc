import { describe, expect, it } from 'vitest';
import { distinctLabels } from '../../../src/components/admin/SeriesChart.tsx';

describe('dashboard chart x-axis labels', () => {
  it('names each day once when ticks fall every 12 hours', () => {
    expect(distinctLabels(['Nov 20', 'Nov 20', 'Nov 21', 'Nov 21', 'Nov 22'])).toEqual([
      'Nov 20',
      '',
      'Nov 21',
      '',
      'Nov 22',
    ]);
  });

  it('keeps labels that already differ', () => {
    expect(distinctLabels(['10:00', '12:00', '14:00'])).toEqual(['10:00', '12:00', '14:00']);
    expect(distinctLabels([])).toEqual([]);
  });
});
