/** A QR code found in a frame: the text it carries. */
export interface DetectedCode {
  rawValue: string;
}

/** What the scanner needs of a detector: the QR codes in the video's current frame. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
