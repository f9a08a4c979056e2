// The administrator's Blog Management in Chromium: generate a post, review it in the preview dialog, edit
// it with unsafe HTML, publish it, and find it sanitized on the blog; everyone else is refused.
import { expect, test } from './fixtures';

test('an administrator generates, edits and publishes a post; unsafe HTML is gone', async ({ page, login }) => {
  await login({ role: 'admin' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Global overview of bookings and content management')).toBeVisible();
  await page.getByRole('tab', { name: 'Blog Management' }).click();
  await expect(page.getByText(/Topics used/)).toBeVisible();

  await page.getByRole('button', { name: 'Generate Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blog Post Preview - Awaiting Approval' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Blog Post Generated')).toBeVisible();
  // Pending posts are not public yet.
  const title = `Reviewed guide ${Date.now()}`;
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content (HTML)').fill('<h2>Checked by an editor</h2><p>Useful words.</p><script>alert(1)</script><img src="x" onerror="alert(1)">');
  await dialog.getByRole('button', { name: 'Approve & Publish' }).click();
  await expect(page.getByText('Blog Post Approved')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = await (await page.request.get(`/api/blog/posts?search=${encodeURIComponent(title)}`)).json();
  expect(search.posts).toHaveLength(1);
  await page.goto(`/blog/${search.posts[0].slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checked by an editor' })).toBeVisible();
  const post = await (await page.request.get(`/api/blog/post/${search.posts[0].slug}`)).json();
  expect(post.content).not.toMatch(/script|onerror/i);
});

test('someone who is not an administrator is refused', async ({ page, login }) => {
  await login({ name: 'Not Admin' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This admin panel is restricted to authorized personnel only.')).toBeVisible();
  expect((await page.request.post('/api/admin/blog/generate-now', { data: {} })).status()).toBe(403);
});
