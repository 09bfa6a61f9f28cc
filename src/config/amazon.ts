/** Hosts Amazon serves Associates product images from (SiteStripe, PA API): hot-linked, never re-hosted; img-src only. */
export const AMAZON_IMAGE_HOSTS = ['m.media-amazon.com', 'images-na.ssl-images-amazon.com'] as const;
