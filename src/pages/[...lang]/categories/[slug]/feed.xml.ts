/** RSS feed of a category (src/lib/feed-route.ts): its newest coupons and deals, in every language. */
import { feedRoute } from '../../../../lib/feed-route.ts';

export const { getStaticPaths, GET } = feedRoute('category');
