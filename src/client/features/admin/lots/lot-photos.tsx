// A lot's photos in the lot editor: upload, reorder, remove. (Being built: issue 19.)
export function LotPhotos(_props: { lotId: number }) {
  return null;
}
