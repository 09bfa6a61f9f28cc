/** RSS feed of a brand (src/feeds/feed-route.ts): its newest coupons and deals, in every language. */
import { feedRoute } from '../../../../feeds/feed-route.ts';

export const { getStaticPaths, GET } = feedRoute('brand');
