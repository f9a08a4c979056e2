// zod inputs of the blog: list filters, post references and the approval form (multipart from the admin).
import { z } from './zod';
import { lookupSlug } from './catalogue';
import { BLOG_SORTS } from '../blog-options';

export { BLOG_SORTS };

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

export const ZBlogListInput = z.object({
  search: optionalText(100),
  category: optionalText(80),
  sort: z.enum(BLOG_SORTS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});
export type TBlogListInput = z.input<typeof ZBlogListInput>;

export const ZBlogSlugInput = z.object({ slug: lookupSlug('Post not found') });
export const ZBlogPostIdInput = z.object({ postId: z.coerce.number().int().positive() });
export const ZBlogRelatedInput = ZBlogPostIdInput.extend({ category: optionalText(80) });

export const ZApprovePostInput = z.object({
  postId: z.coerce.number().int().positive(),
  title: z
    .string()
    .trim()
    .max(200, 'Title must be 200 characters or fewer')
    .optional()
    .transform((v) => v || undefined),
  excerpt: z.string().trim().max(500, 'Excerpt must be 500 characters or fewer').optional(),
  content: z
    .string()
    .max(200_000, 'Content is too long')
    .optional()
    .transform((v) => (v?.trim() ? v : undefined)),
  /** An uploaded featured image (multipart); an empty file field means none. */
  image: z
    .custom<Blob>((v) => v === undefined || v === '' || v instanceof Blob, 'Invalid image')
    .optional()
    .transform((v) => (v instanceof Blob && v.size > 0 ? v : undefined)),
});
