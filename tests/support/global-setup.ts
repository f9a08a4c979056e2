// Vitest global setup: migrate and seed one base database; each test app starts from a copy (fast, isolated).
import { createBaseDatabase } from './databases';

export default async function setup() {
  return createBaseDatabase();
}
