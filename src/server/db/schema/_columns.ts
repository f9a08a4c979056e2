// Column helpers shared by every table: ids, creation and update times, JSON arrays (see _kit.ts for storage).
import { k } from './_kit';

export const id = () => k.id();
export const createdAt = () =>
  k
    .timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  k
    .timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
export const timestamp = (name: string) => k.timestamp(name);
export const jsonArray = (name: string) =>
  k
    .json<string[]>(name)
    .notNull()
    .$defaultFn(() => []);
