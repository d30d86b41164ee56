export * from './loudness';
export * from './loudness-advice';
export * from './wav-pcm';
export * from './waveform-peaks';
