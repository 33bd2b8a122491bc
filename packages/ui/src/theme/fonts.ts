// Inter is self-hosted from the npm package, so no font CDN is ever contacted.
import '@fontsource-variable/inter';
