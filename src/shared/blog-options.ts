// Blog list sort orders (no zod: the client's route table imports this).
export const BLOG_SORTS = ['newest', 'oldest', 'popular', 'trending'] as const;
