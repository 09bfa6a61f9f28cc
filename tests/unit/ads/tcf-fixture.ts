/** TC strings for tests, encoded with the IAB's own library over a minimal vendor list. */
import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';

const purposes = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((id) => [
    id,
    { id, name: `Purpose ${id}`, description: '', illustrations: [] },
  ]),
);

function gvl(): GVL {
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 1,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes,
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    dataCategories: {},
    stacks: {},
    vendors: {
      755: {
        id: 755,
        name: 'Google Advertising Products',
        purposes: [1, 2, 3, 4],
        legIntPurposes: [],
        flexiblePurposes: [],
        specialPurposes: [],
        features: [],
        specialFeatures: [],
        urls: [],
        usesCookies: true,
        cookieMaxAgeSeconds: 1,
        cookieRefresh: false,
        usesNonCookieAccess: false,
      },
    },
  } as unknown as ConstructorParameters<typeof GVL>[0]);
}

/** A TC string with consent for exactly these purposes. */
export function tcStringWith(purposeIds: number[]): string {
  const model = new TCModel(gvl());
  model.cmpId = 300;
  model.cmpVersion = 1;
  model.publisherCountryCode = 'DE';
  model.consentScreen = 1;
  model.purposeConsents.set(purposeIds);
  if (purposeIds.length) model.vendorConsents.set(755);
  return TCString.encode(model);
}
