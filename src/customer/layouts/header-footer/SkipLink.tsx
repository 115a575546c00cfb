import Box from '@mui/material/Box';

/** "Skip to content" for keyboard users: hidden until it has focus, then shown over the header. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 1500,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 2,
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
