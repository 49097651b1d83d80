// refresh-soak: the reliability soak (docs/testing.md, "Soak"), a test tool beside the tests; the
// demo ships without it.
SoakCommand.main()
