// The camera scanner of the gate: starts the (rear) camera on request, reads QR codes from its frames a few
// times a second, and hands each new code up. When the camera cannot be used (permission denied, no camera,
// no secure connection) it says why; the typed field beside it keeps working.
import { Camera, CameraOff, ScanLine } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { createQrDecoder, type QrDecoder } from './qr-decoder';

const SCAN_EVERY_MS = 200;
/** The same code seen again this soon is the same pass still in front of the camera. */
const SAME_CODE_MS = 4000;

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on'; engine: QrDecoder['engine'] } | { kind: 'error'; message: string };

function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was denied. Allow the camera for this site in your browser settings and try again, or type the confirmation number below.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'No camera was found on this device. Type the confirmation number below instead.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'The camera is busy in another app. Close it and try again, or type the confirmation number below.';
  }
  return 'The camera could not be started. Type the confirmation number below instead.';
}

export function PassScanner({ onCode, paused, onActive }: { onCode: (text: string) => void; paused: boolean; onActive?: (on: boolean) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  /** Bumped at every start and stop, so a read loop of an earlier start ends. */
  const run = useRef(0);
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const active = state.kind === 'on';
  useEffect(() => onActive?.(active), [active, onActive]);

  const stop = useCallback(() => {
    run.current++;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setState({ kind: 'off' });
  }, []);

  useEffect(
    () => () => {
      run.current++;
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', message: 'This browser cannot use the camera here (it needs a secure https connection). Type the confirmation number below.' });
      return;
    }
    setState({ kind: 'starting' });
    const mine = ++run.current;
    let media: MediaStream | null = null;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
      const decoder = await createQrDecoder();
      const el = video.current;
      if (!el || mine !== run.current) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stream.current = media;
      el.srcObject = media;
      await el.play();
      setState({ kind: 'on', engine: decoder.engine });
      scan(decoder, mine);
    } catch (err) {
      media?.getTracks().forEach((track) => track.stop());
      if (mine !== run.current) return;
      stream.current = null;
      setState({ kind: 'error', message: cameraProblem(err) });
    }
  };

  // One frame at a time: the next read is scheduled when the last one has finished.
  const scan = (decoder: QrDecoder, mine: number) => {
    let last = { text: '', at: 0 };
    const tick = async () => {
      const el = video.current;
      if (mine !== run.current || !el) return;
      if (!pausedRef.current && el.readyState >= 2) {
        const text = await decoder(el).catch(() => null);
        const now = Date.now();
        if (text && (text !== last.text || now - last.at > SAME_CODE_MS)) onCodeRef.current(text);
        if (text) last = { text, at: now };
      }
      window.setTimeout(() => void tick(), SCAN_EVERY_MS);
    };
    void tick();
  };

  const on = state.kind === 'on' || state.kind === 'starting';
  return (
    <div className="space-y-3">
      <div className={on ? 'relative overflow-hidden rounded-lg bg-black' : 'hidden'}>
        <video ref={video} muted playsInline aria-label="Camera view" className="aspect-[4/3] w-full object-cover" data-engine={state.kind === 'on' ? state.engine : undefined} />
        {/* A frame to aim at; decorative. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-[18%] rounded-lg border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]" />
        <p className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-2 text-center text-sm text-white">
          {state.kind === 'starting' ? 'Starting the camera…' : paused ? 'Paused: see the result below.' : 'Hold the pass QR code inside the frame.'}
        </p>
      </div>
      {state.kind === 'error' && (
        <p role="alert" className="flex gap-2 rounded-md border border-warning/30 bg-warning/10 p-3 text-sm text-foreground">
          <CameraOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {state.message}
        </p>
      )}
      {on ? (
        <Button variant="outline" className="w-full" onClick={stop}>
          <CameraOff className="size-4" aria-hidden="true" /> Stop camera
        </Button>
      ) : (
        <Button size="lg" className="h-14 w-full text-base" onClick={() => void start()}>
          {state.kind === 'error' ? <Camera className="size-5" aria-hidden="true" /> : <ScanLine className="size-5" aria-hidden="true" />}
          {state.kind === 'error' ? 'Try the camera again' : 'Scan a pass'}
        </Button>
      )}
    </div>
  );
}
