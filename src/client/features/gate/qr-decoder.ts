// Reading a QR code from the camera's video: the browser's own BarcodeDetector where it has one that reads QR
// codes (Android, macOS, ChromeOS), else jsQR on frames drawn to a canvas. jsQR is loaded only when needed,
// so the gate page's first JavaScript stays small.

/** Reads the current video frame; the QR code's text, or null when none is in view. */
export type QrDecoder = ((video: HTMLVideoElement) => Promise<string | null>) & { engine: 'native' | 'jsqr' };

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    const decode = async (video: HTMLVideoElement) => (await detector.detect(video))[0]?.rawValue ?? null;
    return Object.assign(decode, { engine: 'native' as const });
  } catch {
    return null;
  }
}

/** Frames are scaled down to this width first: enough for a pass held to the camera, and fast on phones. */
const MAX_WIDTH = 640;

async function jsQrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const decode = async (video: HTMLVideoElement) => {
    if (!context || !video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
  return Object.assign(decode, { engine: 'jsqr' as const });
}

export async function createQrDecoder(): Promise<QrDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}
