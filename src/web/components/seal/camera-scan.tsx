import { CameraIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, useState } from 'react';
import { readQrFromVideo } from '../../lib/read-qr.ts';
import { Button } from '../ui/button.tsx';

/** How often a camera frame is looked at for a QR code. */
const SCAN_EVERY_MS = 250;

/**
 * "Scan with the camera": shows the camera (the back one on a phone) and reads the first QR code held
 * up to it, in this browser; nothing is recorded or sent. Not shown where the browser has no camera
 * access; a refusal says what else to do.
 */
export function CameraScan({ label, onRead }: { label: string; onRead: (text: string) => void }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        canvas.current ??= document.createElement('canvas');
        timer = window.setInterval(() => {
          if (!video.current || video.current.readyState < 2) return;
          const text = readQrFromVideo(video.current, canvas.current!);
          if (text) {
            stop();
            setOn(false);
            onRead(text);
          }
        }, SCAN_EVERY_MS);
      })
      .catch(() => {
        setOn(false);
        setProblem('The camera could not be used. Allow it in your browser, or take a photo of the code, or type it.');
      });
    return stop;
  }, [on, onRead]);

  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <div className="space-y-2">
      {on ? (
        <>
          <video ref={video} muted playsInline aria-label="What the camera sees" className="w-full max-w-sm rounded-lg bg-black" />
          <p role="status" className="text-sm text-stone-700">
            Hold the QR code on your kit in front of the camera.
          </p>
          <Button variant="secondary" size="sm" onClick={() => setOn(false)}>
            Stop the camera
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setProblem(null);
            setOn(true);
          }}
        >
          <CameraIcon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
