import { describe, expect, it, vi } from 'vitest';
import { consentFromTcData, type TcData, type TcfApi, watchTcf } from '../../../src/ads/core/tcf.ts';
import { tcStringWith } from './tcf-fixture.ts';

describe('TCF v2.2 signals', () => {
  it('waits for tcloaded or useractioncomplete', () => {
    expect(consentFromTcData(null)).toBeNull();
    expect(consentFromTcData({ eventStatus: 'cmpuishown', tcString: tcStringWith([1, 3, 4]) })).toBeNull();
  });

  it('purposes 1, 3 and 4: granted and personalized', () => {
    const tcString = tcStringWith([1, 2, 3, 4]);
    expect(consentFromTcData({ eventStatus: 'useractioncomplete', gdprApplies: true, tcString })).toEqual({
      status: 'granted',
      personalized: true,
      source: 'tcf',
      tcString,
    });
  });

  it('purpose 1 without 3/4: granted, not personalized', () => {
    expect(
      consentFromTcData({ eventStatus: 'tcloaded', gdprApplies: true, tcString: tcStringWith([1]) }),
    ).toMatchObject({
      status: 'granted',
      personalized: false,
    });
  });

  it('no purpose 1 (rejected) or an undecodable string: denied', () => {
    expect(consentFromTcData({ eventStatus: 'tcloaded', gdprApplies: true, tcString: tcStringWith([]) })).toMatchObject(
      {
        status: 'denied',
      },
    );
    expect(
      consentFromTcData({ eventStatus: 'tcloaded', gdprApplies: true, tcString: 'not-a-tc-string' }),
    ).toMatchObject({
      status: 'denied',
    });
  });

  it('gdprApplies false: granted', () => {
    expect(consentFromTcData({ eventStatus: 'tcloaded', gdprApplies: false })).toMatchObject({
      status: 'granted',
      personalized: true,
    });
  });

  it('watchTcf follows the CMP through __tcfapi addEventListener and unsubscribes', () => {
    let cb: ((d: TcData, ok: boolean) => void) | undefined;
    const api = vi.fn<TcfApi>((command, _v, callback) => {
      if (command === 'addEventListener') cb = callback;
    });
    const states: string[] = [];
    const stop = watchTcf(api, (s) => states.push(s.status));
    cb?.({ eventStatus: 'cmpuishown', listenerId: 7 }, true);
    cb?.({ eventStatus: 'useractioncomplete', gdprApplies: true, tcString: tcStringWith([1]), listenerId: 7 }, true);
    cb?.({ eventStatus: 'useractioncomplete', gdprApplies: true, tcString: tcStringWith([]), listenerId: 7 }, true);
    expect(states).toEqual(['granted', 'denied']);
    stop();
    expect(api).toHaveBeenLastCalledWith('removeEventListener', 2, expect.any(Function), 7);
  });
});
