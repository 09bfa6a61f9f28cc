/** The blog's posts and topics (SPEC §2 "Blog": six posts). Routes: /blog/{id}, /blog/topic/{topic}. */
export const BLOG_TOPICS = ['saving-tips', 'shopping-guides', 'deals', 'news', 'technology', 'lifestyle'] as const;
export type BlogTopic = (typeof BLOG_TOPICS)[number];

export const BLOG_POSTS: { id: number; topic: BlogTopic }[] = [
  { id: 1, topic: 'saving-tips' },
  { id: 2, topic: 'shopping-guides' },
  { id: 3, topic: 'deals' },
  { id: 4, topic: 'news' },
  { id: 5, topic: 'technology' },
  { id: 6, topic: 'lifestyle' },
];
