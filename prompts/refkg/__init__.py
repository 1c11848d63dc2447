"""RefKG prompts: query decoupling, relation choice, knowledge reconstruction, joint inference."""
