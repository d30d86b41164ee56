// The Node flags the server process runs with (scripts/start.mjs; bench/upload-servers.ts starts
// Imprint the same way).
//
// --initial-old-space-size: V8 counts the memory of Buffers against the old generation's limit
// until a young collection frees them, and it collects the young generation only once ~32 MB of
// them have piled up. Each 64 KiB of an upload's body is such a Buffer. After a quiet spell V8
// shrinks the limit to about 10% above the live heap (~90 MB here), so an upload to an idle server
// set off a full collection every ~10 MB: ten or more per 200 MB file, each marking the whole heap,
// three times the CPU of the upload itself (npm run bench:upload, VERBOSE=1). A floor of 192 MB
// keeps the limit above the live heap plus those 32 MB; the heap still grows past it as it needs.
export const serverNodeFlags = ['--initial-old-space-size=192'];
